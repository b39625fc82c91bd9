// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title EternoFarm
/// @author ETERNO
/// @notice LP farming with MasterChef semantics: users deposit LP tokens into a pool (pool 0 = EULP,
///         pool 1 = ELP) and earn ETRO in proportion to their share of the pool and the pool's share of
///         the allocation points. `deposit(pid, 0)` harvests. The emission runs in 4 stages, each with
///         its own ETRO per block (the "mining progress"); the owner starts it once, paying the whole
///         emission in at that moment, so every reward the schedule promises is held by the farm.
///         ETRO no user is owed and the schedule no longer needs (emission of blocks in which a pool held
///         no LP, rewards given up by emergency withdrawals, rounding dust) can be recovered by the owner.
/// @dev Rewards are paid straight to the user's wallet. Blocks in which a pool holds no LP emit nothing
///      for that pool (its share stays in the farm). The reward token cannot be a pool's LP token.
///      `rewardDebt` is kept at full precision (scaled by ACC_PRECISION, not rounded), and each pool keeps
///      the sum of its users' debts, so `lpSupply * accEtroPerShare − debt sum` bounds what the pool's
///      users are owed: a harvest of `p` lowers it by at least `p` (the payout's sub-wei remainder is
///      given up and stays in the farm), an update raises it by at most the reward pushed in.
///      Invariants:
///        - per pool: sum of userInfo(pid, ·).amount == poolInfo(pid).lpSupply == the farm's LP balance;
///        - per pool: sum of userInfo(pid, ·).rewardDebt == the pool's debt sum;
///        - sum over users of pendingEtro <= owedEtro();
///        - the farm's ETRO balance >= owedEtro() + scheduledEtro() (recoverableEtro() never underflows),
///          so every user can always harvest what pendingEtro says, whatever the owner recovers;
///        - totalPaid <= emitted() <= totalEmission();
///        - the farm's ETRO balance == totalEmission() − totalPaid − totalRecovered once started (plus any
///          ETRO sent to it directly).
contract EternoFarm is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice A pool. The first four fields are the spec's farm pool.
    /// @param lpToken The LP token deposited.
    /// @param allocPoint The pool's share of the emission, relative to totalAllocPoint.
    /// @param lastRewardBlock The block up to which the pool's rewards are accounted.
    /// @param accEtroPerShare ETRO earned per LP unit since the pool began, scaled by ACC_PRECISION.
    /// @param lpSupply The LP deposited by users.
    struct PoolInfo {
        IERC20 lpToken;
        uint256 allocPoint;
        uint256 lastRewardBlock;
        uint256 accEtroPerShare;
        uint256 lpSupply;
    }

    /// @notice A user's position in a pool (the spec's farm user).
    /// @param amount The LP deposited.
    /// @param rewardDebt The part of amount * accEtroPerShare already paid or not owed, scaled by
    ///        ACC_PRECISION (kept unrounded, so a pool's owed ETRO is exact arithmetic).
    struct UserInfo {
        uint256 amount;
        uint256 rewardDebt;
    }

    /// @notice One emission stage.
    /// @param startBlock Its first block.
    /// @param endBlock The first block after it.
    /// @param etroPerBlock ETRO emitted per block during it.
    /// @param emission Its whole emission: (endBlock − startBlock) * etroPerBlock.
    struct StageInfo {
        uint256 startBlock;
        uint256 endBlock;
        uint256 etroPerBlock;
        uint256 emission;
    }

    /// @notice The number of emission stages.
    uint256 public constant STAGE_COUNT = 4;
    /// @notice The scale of accEtroPerShare.
    uint256 public constant ACC_PRECISION = 1e12;

    /// @notice The reward token (ETRO).
    IERC20 public immutable ETRO;

    /// @notice The pools, by id.
    PoolInfo[] public poolInfo;
    /// @notice Each user's position in each pool.
    mapping(uint256 pid => mapping(address user => UserInfo info)) public userInfo;
    mapping(address lpToken => bool added) private _isPooled;
    /// @notice Per pool: the sum of its users' rewardDebt (scaled by ACC_PRECISION).
    mapping(uint256 pid => uint256 sum) public rewardDebtSum;
    uint256 private immutable STAGE_BLOCKS_0;
    uint256 private immutable STAGE_BLOCKS_1;
    uint256 private immutable STAGE_BLOCKS_2;
    uint256 private immutable STAGE_BLOCKS_3;
    uint256 private immutable STAGE_RATE_0;
    uint256 private immutable STAGE_RATE_1;
    uint256 private immutable STAGE_RATE_2;
    uint256 private immutable STAGE_RATE_3;

    /// @notice The sum of the pools' allocation points.
    uint256 public totalAllocPoint;
    /// @notice The first block of stage 0 (0 until the owner starts the emission).
    uint256 public startBlock;
    /// @notice The ETRO paid to users so far.
    uint256 public totalPaid;
    /// @notice The undistributed ETRO the owner has recovered so far.
    uint256 public totalRecovered;

    /// @notice A pool was added.
    /// @param pid The pool id.
    /// @param lpToken Its LP token.
    /// @param allocPoint Its allocation points.
    event PoolAdded(uint256 indexed pid, address indexed lpToken, uint256 allocPoint);
    /// @notice A pool's allocation changed.
    /// @param pid The pool id.
    /// @param allocPoint The new allocation points.
    event PoolSet(uint256 indexed pid, uint256 allocPoint);
    /// @notice The emission was started and paid in.
    /// @param startBlock The first block of stage 0.
    /// @param totalEmission The ETRO paid in (the whole schedule).
    event Started(uint256 startBlock, uint256 totalEmission);
    /// @notice `user` deposited `amount` LP into pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP deposited.
    event Deposit(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` withdrew `amount` LP from pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn.
    event Withdraw(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` withdrew everything from pool `pid` without its rewards.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn.
    event EmergencyWithdraw(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` was paid `amount` ETRO from pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The ETRO paid.
    event Harvest(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice The owner recovered `amount` ETRO that no user was owed and the schedule no longer needed.
    /// @param to The receiver.
    /// @param amount The ETRO recovered.
    event UndistributedRecovered(address indexed to, uint256 amount);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice No pool has this id.
    /// @param pid The id given.
    /// @param poolCount How many pools exist.
    error UnknownPool(uint256 pid, uint256 poolCount);
    /// @notice The LP token already has a pool.
    /// @param lpToken The token.
    error PoolExists(address lpToken);
    /// @notice The reward token cannot be a pool's LP token.
    error LpTokenIsReward();
    /// @notice A stage has no blocks.
    /// @param stage The stage index.
    error EmptyStage(uint256 stage);
    /// @notice The emission has already been started.
    /// @param startBlock Its first block.
    error AlreadyStarted(uint256 startBlock);
    /// @notice A withdrawal larger than the deposit.
    /// @param pid The pool id.
    /// @param amount The amount asked.
    /// @param deposited The user's deposit.
    error WithdrawExceedsDeposit(uint256 pid, uint256 amount, uint256 deposited);
    /// @notice A recovery larger than the ETRO no user is owed and the schedule no longer needs.
    /// @param amount The amount asked.
    /// @param recoverable What may be recovered now (recoverableEtro()).
    error RecoverExceedsUndistributed(uint256 amount, uint256 recoverable);
    /// @notice No stage has this index.
    /// @param stage The index given.
    error UnknownStage(uint256 stage);

    /// @notice Creates the farm with its emission schedule; nothing is emitted until {start}.
    /// @param etro The reward token.
    /// @param stageBlocks Each stage's length in blocks.
    /// @param stageRates Each stage's ETRO per block.
    /// @param owner_ The owner (pools, allocation, start).
    constructor(IERC20 etro, uint256[4] memory stageBlocks, uint256[4] memory stageRates, address owner_)
        Ownable(owner_)
    {
        if (address(etro) == address(0)) revert ZeroAddress();
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            if (stageBlocks[i] == 0) revert EmptyStage(i);
        }
        ETRO = etro;
        (STAGE_BLOCKS_0, STAGE_BLOCKS_1, STAGE_BLOCKS_2, STAGE_BLOCKS_3) =
            (stageBlocks[0], stageBlocks[1], stageBlocks[2], stageBlocks[3]);
        (STAGE_RATE_0, STAGE_RATE_1, STAGE_RATE_2, STAGE_RATE_3) =
            (stageRates[0], stageRates[1], stageRates[2], stageRates[3]);
    }

    /// @notice Starts the emission at `firstBlock` (the current block when that is earlier, e.g. 0) and
    ///         takes the whole emission from the owner.
    /// @param firstBlock The first block of stage 0.
    function start(uint256 firstBlock) external onlyOwner nonReentrant {
        if (startBlock != 0) revert AlreadyStarted(startBlock);
        uint256 first = firstBlock > block.number ? firstBlock : block.number;
        _massUpdatePools();
        startBlock = first;
        uint256 total = totalEmission();
        ETRO.safeTransferFrom(msg.sender, address(this), total);
        emit Started(first, total);
    }

    /// @notice Adds a pool for `lpToken` with `allocPoint` allocation points.
    /// @param allocPoint The pool's allocation points.
    /// @param lpToken The LP token (not ETRO, not already pooled).
    /// @return pid The new pool's id.
    function add(uint256 allocPoint, IERC20 lpToken) external onlyOwner returns (uint256 pid) {
        if (address(lpToken) == address(0)) revert ZeroAddress();
        if (address(lpToken) == address(ETRO)) revert LpTokenIsReward();
        if (_isPooled[address(lpToken)]) revert PoolExists(address(lpToken));
        _massUpdatePools();
        _isPooled[address(lpToken)] = true;
        totalAllocPoint += allocPoint;
        pid = poolInfo.length;
        poolInfo.push(
            PoolInfo({
                lpToken: lpToken,
                allocPoint: allocPoint,
                lastRewardBlock: block.number,
                accEtroPerShare: 0,
                lpSupply: 0
            })
        );
        emit PoolAdded(pid, address(lpToken), allocPoint);
    }

    /// @notice Changes pool `pid`'s allocation points (rewards so far are accounted first).
    /// @param pid The pool id.
    /// @param allocPoint The new allocation points.
    function set(uint256 pid, uint256 allocPoint) external onlyOwner {
        PoolInfo storage pool = _pool(pid);
        _massUpdatePools();
        totalAllocPoint = totalAllocPoint - pool.allocPoint + allocPoint;
        pool.allocPoint = allocPoint;
        emit PoolSet(pid, allocPoint);
    }

    /// @notice Deposits `amount` LP into pool `pid`, paying the caller's pending ETRO first.
    /// @param pid The pool id.
    /// @param amount The LP deposited (approved to this contract); 0 only harvests.
    function deposit(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        _updatePool(pool);
        uint256 acc = pool.accEtroPerShare;
        _harvest(pid, user, acc);
        if (amount != 0) {
            user.amount += amount;
            pool.lpSupply += amount;
            pool.lpToken.safeTransferFrom(msg.sender, address(this), amount);
            emit Deposit(msg.sender, pid, amount);
        }
        _setRewardDebt(pid, user, user.amount * acc);
    }

    /// @notice Withdraws `amount` LP from pool `pid`, paying the caller's pending ETRO too.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn, at most the caller's deposit; 0 only harvests.
    function withdraw(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        if (amount > user.amount) revert WithdrawExceedsDeposit(pid, amount, user.amount);
        _updatePool(pool);
        uint256 acc = pool.accEtroPerShare;
        _harvest(pid, user, acc);
        if (amount != 0) {
            user.amount -= amount;
            pool.lpSupply -= amount;
            pool.lpToken.safeTransfer(msg.sender, amount);
            emit Withdraw(msg.sender, pid, amount);
        }
        _setRewardDebt(pid, user, user.amount * acc);
    }

    /// @notice Withdraws the caller's whole deposit from pool `pid`, giving up its pending ETRO.
    /// @param pid The pool id.
    function emergencyWithdraw(uint256 pid) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        uint256 amount = user.amount;
        user.amount = 0;
        _setRewardDebt(pid, user, 0);
        pool.lpSupply -= amount;
        pool.lpToken.safeTransfer(msg.sender, amount);
        emit EmergencyWithdraw(msg.sender, pid, amount);
    }

    /// @notice Sends `amount` ETRO that no user is owed and the schedule no longer needs to `to`: at most
    ///         recoverableEtro(), computed after every pool's rewards are accounted up to this block.
    /// @param to The receiver.
    /// @param amount The ETRO to recover.
    function recoverUndistributed(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        _massUpdatePools();
        uint256 available = recoverableEtro();
        if (amount > available) revert RecoverExceedsUndistributed(amount, available);
        totalRecovered += amount;
        ETRO.safeTransfer(to, amount);
        emit UndistributedRecovered(to, amount);
    }

    /// @notice Accounts pool `pid`'s rewards up to the current block.
    /// @param pid The pool id.
    function updatePool(uint256 pid) external {
        _updatePool(_pool(pid));
    }

    /// @notice Accounts every pool's rewards up to the current block.
    function massUpdatePools() external {
        _massUpdatePools();
    }

    /// @notice The ETRO `account` would receive from pool `pid` if it harvested now.
    /// @param pid The pool id.
    /// @param account The depositor.
    /// @return The pending ETRO.
    function pendingEtro(uint256 pid, address account) external view returns (uint256) {
        UserInfo storage user = userInfo[pid][account];
        return (user.amount * _currentAcc(_pool(pid)) - user.rewardDebt) / ACC_PRECISION;
    }

    /// @notice An upper bound of what the users of all pools are owed now (each pool's
    ///         `lpSupply * accEtroPerShare − debt sum`, with the rewards not yet pushed into accEtroPerShare);
    ///         at least the sum of every user's pendingEtro.
    /// @return owed The ETRO owed to users.
    function owedEtro() public view returns (uint256 owed) {
        uint256 count = poolInfo.length;
        for (uint256 pid = 0; pid < count; ++pid) {
            PoolInfo storage pool = poolInfo[pid];
            owed += (pool.lpSupply * _currentAcc(pool) - rewardDebtSum[pid]) / ACC_PRECISION;
        }
    }

    /// @notice The emission still to come: the schedule's blocks from the current one to the end (0 before
    ///         the start, when the farm does not hold the emission yet).
    /// @return The ETRO the schedule will still emit.
    function scheduledEtro() public view returns (uint256) {
        if (startBlock == 0) return 0;
        return totalEmission() - _emission(0, block.number);
    }

    /// @notice The ETRO the owner may recover now: the farm's balance less owedEtro() and scheduledEtro().
    /// @return The recoverable ETRO.
    function recoverableEtro() public view returns (uint256) {
        return ETRO.balanceOf(address(this)) - owedEtro() - scheduledEtro();
    }

    /// @notice How many pools exist.
    /// @return The number of pools.
    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    /// @notice The stage the current block is in: 0–3, or 4 once the emission has ended (0 before it starts).
    /// @return The stage index.
    function currentStage() external view returns (uint256) {
        if (startBlock == 0) return 0;
        uint256 end = startBlock;
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            end += _stageBlocks(i);
            if (block.number < end) return i;
        }
        return STAGE_COUNT;
    }

    /// @notice Stage `i`'s blocks and rate (its blocks are 0 until the emission is started).
    /// @param i The stage index, 0–3.
    /// @return info The stage.
    function stageInfo(uint256 i) external view returns (StageInfo memory info) {
        if (i >= STAGE_COUNT) revert UnknownStage(i);
        uint256 first = startBlock;
        for (uint256 j = 0; j < i; ++j) {
            first += _stageBlocks(j);
        }
        info.startBlock = startBlock == 0 ? 0 : first;
        info.endBlock = startBlock == 0 ? 0 : first + _stageBlocks(i);
        info.etroPerBlock = _stageRate(i);
        info.emission = _stageBlocks(i) * _stageRate(i);
    }

    /// @notice The whole schedule's ETRO.
    /// @return total The sum over the stages of blocks × rate.
    function totalEmission() public view returns (uint256 total) {
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            total += _stageBlocks(i) * _stageRate(i);
        }
    }

    /// @notice The ETRO the schedule has emitted up to the current block.
    /// @return The emission so far.
    function emitted() external view returns (uint256) {
        return _emission(0, block.number);
    }

    /// @notice The pool `pid`, or a revert when it does not exist.
    /// @param pid The pool id.
    /// @return pool The pool's storage.
    function _pool(uint256 pid) private view returns (PoolInfo storage pool) {
        if (pid >= poolInfo.length) revert UnknownPool(pid, poolInfo.length);
        pool = poolInfo[pid];
    }

    /// @notice Accounts every pool's rewards.
    function _massUpdatePools() private {
        uint256 count = poolInfo.length;
        for (uint256 pid = 0; pid < count; ++pid) {
            _updatePool(poolInfo[pid]);
        }
    }

    /// @notice `pool`'s accEtroPerShare as an update in this block would make it.
    /// @param pool The pool.
    /// @return acc The accEtroPerShare.
    function _currentAcc(PoolInfo storage pool) private view returns (uint256 acc) {
        acc = pool.accEtroPerShare;
        uint256 supply = pool.lpSupply;
        if (block.number > pool.lastRewardBlock && supply != 0 && totalAllocPoint != 0) {
            uint256 reward = _emission(pool.lastRewardBlock, block.number) * pool.allocPoint / totalAllocPoint;
            acc += reward * ACC_PRECISION / supply;
        }
    }

    /// @notice Sets `user`'s rewardDebt in pool `pid`, keeping the pool's debt sum.
    /// @param pid The pool id.
    /// @param user The user's position.
    /// @param debt The new rewardDebt (scaled by ACC_PRECISION).
    function _setRewardDebt(uint256 pid, UserInfo storage user, uint256 debt) private {
        rewardDebtSum[pid] = rewardDebtSum[pid] - user.rewardDebt + debt;
        user.rewardDebt = debt;
    }

    /// @notice Accounts `pool`'s share of the emission since its last reward block.
    /// @param pool The pool.
    function _updatePool(PoolInfo storage pool) private {
        if (block.number <= pool.lastRewardBlock) return;
        uint256 acc = _currentAcc(pool);
        if (acc != pool.accEtroPerShare) pool.accEtroPerShare = acc;
        pool.lastRewardBlock = block.number;
    }

    /// @notice Pays `user`'s pending ETRO of pool `pid` at `acc`.
    /// @param pid The pool id.
    /// @param user The user's position.
    /// @param acc The pool's current accEtroPerShare.
    function _harvest(uint256 pid, UserInfo storage user, uint256 acc) private {
        uint256 amount = user.amount;
        if (amount == 0) return;
        uint256 pending = (amount * acc - user.rewardDebt) / ACC_PRECISION;
        if (pending == 0) return;
        totalPaid += pending;
        ETRO.safeTransfer(msg.sender, pending);
        emit Harvest(msg.sender, pid, pending);
    }

    /// @notice Stage `i`'s length in blocks (the schedule is immutable, so reading it costs no storage).
    /// @param i The stage index, 0–3.
    /// @return The length.
    function _stageBlocks(uint256 i) private view returns (uint256) {
        if (i == 0) return STAGE_BLOCKS_0;
        if (i == 1) return STAGE_BLOCKS_1;
        if (i == 2) return STAGE_BLOCKS_2;
        return STAGE_BLOCKS_3;
    }

    /// @notice Stage `i`'s ETRO per block.
    /// @param i The stage index, 0–3.
    /// @return The rate.
    function _stageRate(uint256 i) private view returns (uint256) {
        if (i == 0) return STAGE_RATE_0;
        if (i == 1) return STAGE_RATE_1;
        if (i == 2) return STAGE_RATE_2;
        return STAGE_RATE_3;
    }

    /// @notice The schedule's emission over blocks [from, to).
    /// @param from The first block.
    /// @param to The block after the last.
    /// @return total The ETRO emitted.
    function _emission(uint256 from, uint256 to) private view returns (uint256 total) {
        uint256 stageStart = startBlock;
        if (stageStart == 0) return 0;
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            uint256 stageEnd = stageStart + _stageBlocks(i);
            uint256 lo = from > stageStart ? from : stageStart;
            uint256 hi = to < stageEnd ? to : stageEnd;
            if (hi > lo) total += (hi - lo) * _stageRate(i);
            stageStart = stageEnd;
        }
    }
}
