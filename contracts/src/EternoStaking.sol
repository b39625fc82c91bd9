// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {LockLedger} from "./LockLedger.sol";

/// @title EternoStaking
/// @author ETERNO
/// @notice Fixed-term staking of one token (deployed twice: ETRO and EULP). A stake is an order for one of
///         eight lock periods (30, 60, 90, 120, 150, 180, 210, 360 days) at that period's rate, fixed when
///         the order is made. The reward is paid in ETRO from a funded reserve into the owner's lock
///         balance in the {LockLedger}.
///         - Rate: basis points of the staked amount for the whole period (100 = 1 % per period).
///         - Daily accrual (the ETRO pool): the reward counts whole days and enters the lock balance when
///           the order leaves after its period, released over the order's `releaseDuration` (the pool's
///           `rewardReleaseDuration` when the order was made). Leaving early forfeits it.
///         - Per-second accrual (the EULP pool): the whole reward is credited to the lock balance when the
///           order is made, releasing by the second over the lock period. Leaving early revokes the part
///           not yet released (back to the reserve); the part released so far stays the staker's.
///         - Leaving ALWAYS returns the principal: if the ledger refuses the reward credit (or the
///           revocation), the leave still succeeds; a refused credit is kept as `pendingReward(id)` and
///           {retryReward} credits it later.
///         - A stake is refused when the reserve's uncommitted part cannot cover its full reward.
/// @dev Invariants:
///        - committedRewards == full rewards of the daily orders not yet left + pending rewards, and
///          <= rewardReserve;
///        - rewardReserve == funded − withdrawn − rewards credited + rewards revoked back; the contract's
///          ETRO balance covers rewardReserve (plus totalStaked when the staked token is ETRO);
///        - totalStaked == sum of the amounts of orders not yet left == the contract's staked-token
///          balance beyond the reserve;
///        - an order leaves once, and its principal comes back whatever the ledger does.
contract EternoStaking is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice How rewards accrue while an order is locked.
    enum Accrual {
        Daily,
        PerSecond
    }

    /// @notice A stake order. The first five fields are the spec's stake order.
    /// @param owner Who staked (and may leave).
    /// @param stakingTime When the order was made (unix seconds).
    /// @param lockTime The lock duration in seconds (the lock ends at stakingTime + lockTime).
    /// @param unstaked True once the order has left.
    /// @param rateBps The period's rate when the order was made (basis points of `amount`).
    /// @param amount The staked amount.
    /// @param reward The full-term reward in ETRO (amount * rateBps / 10 000).
    /// @param releaseDuration How long the reward takes to release in the ledger, fixed at entry (the
    ///        lock period for per-second accrual).
    /// @param ledgerIndex Per-second accrual: the reward's entry in the owner's ledger list.
    struct Order {
        address owner;
        uint40 stakingTime;
        uint32 lockTime;
        bool unstaked;
        uint16 rateBps;
        uint128 amount;
        uint128 reward;
        uint32 releaseDuration;
        uint64 ledgerIndex;
    }

    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The highest rate per period the owner may set (100 %).
    uint256 public constant MAX_RATE_BPS = 10_000;
    /// @notice The longest reward release duration the owner may set.
    uint64 public constant MAX_RELEASE_DURATION = 365 days;

    /// @notice The staked token (ETRO or EULP).
    IERC20 public immutable STAKE_TOKEN;
    /// @notice The reward token (ETRO).
    IERC20 public immutable REWARD_TOKEN;
    /// @notice The ledger that receives the rewards.
    LockLedger public immutable LEDGER;
    /// @notice How rewards accrue in this pool.
    Accrual public immutable ACCRUAL;

    mapping(uint256 lockDays => uint256 rateBps) private _rateBps;
    mapping(uint256 id => Order order) private _orders;
    mapping(address user => uint256[] ids) private _orderIds;
    mapping(uint256 id => uint256 reward) private _pendingRewards;

    /// @notice The id the next order gets (ids start at 1).
    uint256 public nextOrderId = 1;
    /// @notice The smallest amount a stake accepts.
    uint256 public minStakeAmount;
    /// @notice How long a credited reward takes to release in the ledger, in seconds.
    uint64 public rewardReleaseDuration;
    /// @notice The staked amounts of the orders not yet left.
    uint256 public totalStaked;
    /// @notice The ETRO held for rewards (funded − withdrawn − paid), committed or not.
    uint256 public rewardReserve;
    /// @notice The full-term rewards of the daily orders not yet left, plus the pending rewards.
    uint256 public committedRewards;
    /// @notice Rewards the ledger refused at leave, owed to their orders' owners (see {retryReward}).
    uint256 public totalPendingRewards;

    /// @notice An order was made.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param amount The staked amount.
    /// @param lockDays The lock period in days.
    /// @param rateBps The period's rate.
    /// @param reward The full-term reward.
    event Staked(
        uint256 indexed id, address indexed owner, uint256 amount, uint256 lockDays, uint256 rateBps, uint256 reward
    );
    /// @notice An order left.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param amount The principal returned.
    /// @param reward The reward that is the owner's (daily: credited now, 0 when early; per second: the
    ///        released part when early, else all of it).
    /// @param early True when the order left before its lock ended.
    event Unstaked(uint256 indexed id, address indexed owner, uint256 amount, uint256 reward, bool early);
    /// @notice The ledger refused a reward at leave; it is kept as the order's pending reward.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param reward The reward pending.
    event RewardPending(uint256 indexed id, address indexed owner, uint256 reward);
    /// @notice A pending reward was credited to the ledger.
    /// @param id The order id.
    /// @param owner The staker.
    /// @param reward The reward credited.
    event RewardCredited(uint256 indexed id, address indexed owner, uint256 reward);
    /// @notice The ledger refused to revoke an early-left order's unreleased reward; the owner keeps it.
    /// @param id The order id.
    /// @param owner The staker.
    event RevokeRefused(uint256 indexed id, address indexed owner);
    /// @notice ETRO was added to the reward reserve.
    /// @param from Who paid it.
    /// @param amount The ETRO added.
    event RewardsFunded(address indexed from, uint256 amount);
    /// @notice Uncommitted reserve was withdrawn by the owner.
    /// @param to The receiver.
    /// @param amount The ETRO withdrawn.
    event RewardsWithdrawn(address indexed to, uint256 amount);
    /// @notice A period's rate changed (orders already made keep theirs).
    /// @param lockDays The lock period in days.
    /// @param rateBps The new rate.
    event RateSet(uint256 indexed lockDays, uint256 rateBps);
    /// @notice The minimum stake changed.
    /// @param amount The new minimum.
    event MinStakeAmountSet(uint256 amount);
    /// @notice The reward release duration changed.
    /// @param duration The new duration in seconds.
    event RewardReleaseDurationSet(uint64 duration);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A zero amount was given.
    error ZeroAmount();
    /// @notice The ledger locks another token than the reward token.
    /// @param ledgerToken The ledger's token.
    error LedgerMismatch(address ledgerToken);
    /// @notice The amount is below the minimum stake.
    /// @param amount The amount given.
    /// @param minimum The minimum.
    error BelowMinimum(uint256 amount, uint256 minimum);
    /// @notice The lock period is not one of the eight.
    /// @param lockDays The period given, in days.
    error UnknownLockPeriod(uint256 lockDays);
    /// @notice The rate is above MAX_RATE_BPS.
    /// @param rateBps The rate given.
    /// @param maxRateBps The cap.
    error RateTooHigh(uint256 rateBps, uint256 maxRateBps);
    /// @notice The release duration is above MAX_RELEASE_DURATION.
    /// @param duration The duration given.
    /// @param maxDuration The cap.
    error ReleaseTooLong(uint256 duration, uint256 maxDuration);
    /// @notice The uncommitted reserve cannot cover the order's full reward.
    /// @param reward The reward the order needs.
    /// @param available The uncommitted reserve.
    error InsufficientRewardReserve(uint256 reward, uint256 available);
    /// @notice No order has this id.
    /// @param id The id given.
    error UnknownOrder(uint256 id);
    /// @notice The caller does not own the order.
    /// @param id The order id.
    /// @param caller The caller.
    /// @param owner The order's owner.
    error NotOrderOwner(uint256 id, address caller, address owner);
    /// @notice The order has already left.
    /// @param id The order id.
    error AlreadyUnstaked(uint256 id);
    /// @notice The order has no pending reward.
    /// @param id The order id.
    error NoPendingReward(uint256 id);
    /// @notice Only this contract may call.
    /// @param caller The caller.
    error OnlySelf(address caller);

    /// @notice Creates a staking pool for `stakeToken` with the default rates.
    /// @param stakeToken The staked token (ETRO or EULP).
    /// @param ledger The lock ledger; its token is the reward token (this contract must be its writer, of
    ///        kind Stake).
    /// @param accrual Daily (ETRO pool) or PerSecond (EULP pool).
    /// @param minStake The smallest amount a stake accepts.
    /// @param releaseDuration How long a credited reward takes to release, in seconds.
    /// @param owner_ The owner (parameter setters, reserve withdrawal).
    constructor(
        IERC20 stakeToken,
        LockLedger ledger,
        Accrual accrual,
        uint256 minStake,
        uint64 releaseDuration,
        address owner_
    ) Ownable(owner_) {
        if (address(stakeToken) == address(0) || address(ledger) == address(0)) revert ZeroAddress();
        if (releaseDuration > MAX_RELEASE_DURATION) revert ReleaseTooLong(releaseDuration, MAX_RELEASE_DURATION);
        STAKE_TOKEN = stakeToken;
        REWARD_TOKEN = ledger.ETRO();
        LEDGER = ledger;
        ACCRUAL = accrual;
        minStakeAmount = minStake;
        rewardReleaseDuration = releaseDuration;
        uint16[8] memory periods = lockPeriods();
        uint16[8] memory defaults = [100, 250, 400, 600, 800, 1000, 1200, 2400];
        for (uint256 i = 0; i < 8; ++i) {
            _rateBps[periods[i]] = defaults[i];
        }
    }

    // solhint-disable func-name-mixedcase
    /// @notice Stakes `amount` for 30 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_30(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 30);
    }

    /// @notice Stakes `amount` for 60 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_60(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 60);
    }

    /// @notice Stakes `amount` for 90 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_90(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 90);
    }

    /// @notice Stakes `amount` for 120 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_120(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 120);
    }

    /// @notice Stakes `amount` for 150 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_150(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 150);
    }

    /// @notice Stakes `amount` for 180 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_180(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 180);
    }

    /// @notice Stakes `amount` for 210 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_210(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 210);
    }

    /// @notice Stakes `amount` for 360 days.
    /// @param amount The amount staked (approved to this contract).
    /// @return id The order id.
    function enterStaking_360(uint256 amount) external returns (uint256 id) {
        return _enter(amount, 360);
    }
    // solhint-enable func-name-mixedcase

    /// @notice Ends order `id`: the principal always comes back. Daily accrual: after the lock the full
    ///         reward is credited to the caller's lock balance, before it the reward is forfeited. Per-second
    ///         accrual: the reward is already in the lock balance; before the lock ends its unreleased part
    ///         is revoked back to the reserve.
    /// @param id The order id.
    function leaveStaking(uint256 id) external nonReentrant {
        Order storage order = _orders[id];
        address owner_ = order.owner;
        if (owner_ == address(0)) revert UnknownOrder(id);
        if (owner_ != msg.sender) revert NotOrderOwner(id, msg.sender, owner_);
        if (order.unstaked) revert AlreadyUnstaked(id);

        order.unstaked = true;
        uint256 amount = order.amount;
        uint256 fullReward = order.reward;
        // forge-lint: disable-next-line(block-timestamp)
        bool early = block.timestamp < uint256(order.stakingTime) + order.lockTime;
        totalStaked -= amount;
        STAKE_TOKEN.safeTransfer(msg.sender, amount);
        uint256 reward;
        if (ACCRUAL == Accrual.Daily) {
            committedRewards -= fullReward;
            reward = early ? 0 : fullReward;
            if (reward != 0) _payReward(id, msg.sender, reward, order.releaseDuration);
        } else {
            reward = fullReward;
            if (early && fullReward != 0) reward -= _revokeReward(id, msg.sender, order.ledgerIndex);
        }
        emit Unstaked(id, msg.sender, amount, reward, early);
    }

    /// @notice Credits order `id`'s pending reward (one the ledger refused at leave) to its owner's lock
    ///         balance; reverts if the ledger still refuses.
    /// @param id The order id.
    function retryReward(uint256 id) external nonReentrant {
        address owner_ = _orders[id].owner;
        if (owner_ != msg.sender) revert NotOrderOwner(id, msg.sender, owner_);
        uint256 reward = _pendingRewards[id];
        if (reward == 0) revert NoPendingReward(id);
        _pendingRewards[id] = 0;
        totalPendingRewards -= reward;
        committedRewards -= reward;
        rewardReserve -= reward;
        REWARD_TOKEN.safeTransfer(address(LEDGER), reward);
        LEDGER.credit(owner_, reward, SafeCast.toUint64(block.timestamp), _orders[id].releaseDuration);
        emit RewardCredited(id, owner_, reward);
    }

    /// @notice Moves `reward` ETRO to the ledger and credits it to `user`; called by this contract only, so
    ///         that a refusal can be caught without undoing the leave.
    /// @param user The beneficiary.
    /// @param reward The ETRO credited.
    /// @param duration The release duration.
    function creditToLedger(address user, uint256 reward, uint64 duration) external {
        if (msg.sender != address(this)) revert OnlySelf(msg.sender);
        REWARD_TOKEN.safeTransfer(address(LEDGER), reward);
        LEDGER.credit(user, reward, SafeCast.toUint64(block.timestamp), duration);
    }

    /// @notice Adds `amount` ETRO to the reward reserve (anyone may fund it).
    /// @param amount The ETRO added (approved to this contract).
    function fundRewards(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        rewardReserve += amount;
        REWARD_TOKEN.safeTransferFrom(msg.sender, address(this), amount);
        emit RewardsFunded(msg.sender, amount);
    }

    /// @notice Withdraws uncommitted reserve.
    /// @param to The receiver.
    /// @param amount The ETRO withdrawn, at most `availableRewards()`.
    function withdrawRewards(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        uint256 available = availableRewards();
        if (amount > available) revert InsufficientRewardReserve(amount, available);
        rewardReserve -= amount;
        REWARD_TOKEN.safeTransfer(to, amount);
        emit RewardsWithdrawn(to, amount);
    }

    /// @notice Sets the rate of a lock period for future orders.
    /// @param lockDays One of the eight lock periods, in days.
    /// @param newRateBps The rate for the whole period in basis points, at most MAX_RATE_BPS.
    function setRate(uint256 lockDays, uint256 newRateBps) external onlyOwner {
        if (!_isLockPeriod(lockDays)) revert UnknownLockPeriod(lockDays);
        if (newRateBps > MAX_RATE_BPS) revert RateTooHigh(newRateBps, MAX_RATE_BPS);
        _rateBps[lockDays] = newRateBps;
        emit RateSet(lockDays, newRateBps);
    }

    /// @notice Sets the smallest amount a stake accepts.
    /// @param amount The new minimum.
    function setMinStakeAmount(uint256 amount) external onlyOwner {
        minStakeAmount = amount;
        emit MinStakeAmountSet(amount);
    }

    /// @notice Sets how long the rewards of orders made from now on take to release (daily accrual).
    /// @param duration The duration in seconds, at most MAX_RELEASE_DURATION (0: claimable at once).
    function setRewardReleaseDuration(uint256 duration) external onlyOwner {
        if (duration > MAX_RELEASE_DURATION) revert ReleaseTooLong(duration, MAX_RELEASE_DURATION);
        rewardReleaseDuration = SafeCast.toUint64(duration);
        emit RewardReleaseDurationSet(rewardReleaseDuration);
    }

    /// @notice Whether an order may leave before its lock ends (yes: principal back, reward forfeited).
    /// @return Always true.
    function earlyExitAllowed() external pure returns (bool) {
        return true;
    }

    /// @notice The eight lock periods, in days.
    /// @return periods 30, 60, 90, 120, 150, 180, 210, 360.
    function lockPeriods() public pure returns (uint16[8] memory periods) {
        periods = [30, 60, 90, 120, 150, 180, 210, 360];
    }

    /// @notice The current rate of a lock period, for the whole period, in basis points.
    /// @param lockDays One of the eight lock periods.
    /// @return The rate.
    function rateBps(uint256 lockDays) public view returns (uint256) {
        if (!_isLockPeriod(lockDays)) revert UnknownLockPeriod(lockDays);
        return _rateBps[lockDays];
    }

    /// @notice The current rates of the eight lock periods, in `lockPeriods()` order.
    /// @return list The rates in basis points.
    function rates() external view returns (uint256[8] memory list) {
        uint16[8] memory periods = lockPeriods();
        for (uint256 i = 0; i < 8; ++i) {
            list[i] = _rateBps[periods[i]];
        }
    }

    /// @notice The reserve not committed to open orders: what new orders' rewards can draw on.
    /// @return rewardReserve − committedRewards.
    function availableRewards() public view returns (uint256) {
        return rewardReserve - committedRewards;
    }

    /// @notice The reward of order `id` that the ledger refused at leave and {retryReward} can credit.
    /// @param id The order id.
    /// @return The pending reward.
    function pendingReward(uint256 id) external view returns (uint256) {
        return _pendingRewards[id];
    }

    /// @notice One order.
    /// @param id The order id.
    /// @return The order.
    function orders(uint256 id) external view returns (Order memory) {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        return order;
    }

    /// @notice The ids of `user`'s orders, oldest first.
    /// @param user The staker.
    /// @return The order ids.
    function orderIdsOf(address user) external view returns (uint256[] memory) {
        return _orderIds[user];
    }

    /// @notice `user`'s orders with their ids, oldest first (the stake records).
    /// @param user The staker.
    /// @return ids The order ids.
    /// @return list The orders, in the same order as `ids`.
    function ordersOf(address user) external view returns (uint256[] memory ids, Order[] memory list) {
        ids = _orderIds[user];
        list = new Order[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) {
            list[i] = _orders[ids[i]];
        }
    }

    /// @notice The reward order `id` has accrued so far (whole days or seconds, per `ACCRUAL`), up to
    ///         its full-term reward; 0 once the order has left.
    /// @param id The order id.
    /// @return The accrued reward.
    function earnedReward(uint256 id) public view returns (uint256) {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        if (order.unstaked) return 0;
        uint256 elapsed = block.timestamp - order.stakingTime;
        if (elapsed >= order.lockTime) return order.reward;
        if (ACCRUAL == Accrual.Daily) {
            return uint256(order.reward) * (elapsed / 1 days) / (order.lockTime / 1 days);
        }
        return uint256(order.reward) * elapsed / order.lockTime;
    }

    /// @notice What leaving order `id` now would give: the principal, the reward credited to the lock
    ///         balance, and whether it is early (reward forfeited).
    /// @param id The order id.
    /// @return principal The amount returned.
    /// @return reward The reward that is the owner's (daily: 0 when early; per second: the released part
    ///         when early; 0 once left).
    /// @return early True when the lock has not ended.
    /// @return unlockTime When the lock ends.
    function quoteLeave(uint256 id)
        external
        view
        returns (uint256 principal, uint256 reward, bool early, uint256 unlockTime)
    {
        Order memory order = _orders[id];
        if (order.owner == address(0)) revert UnknownOrder(id);
        unlockTime = uint256(order.stakingTime) + order.lockTime;
        // forge-lint: disable-next-line(block-timestamp)
        early = block.timestamp < unlockTime;
        if (order.unstaked) return (0, 0, early, unlockTime);
        principal = order.amount;
        if (!early) reward = order.reward;
        else if (ACCRUAL == Accrual.PerSecond) reward = earnedReward(id);
    }

    /// @notice Makes an order of `amount` for `lockDays`.
    /// @param amount The amount staked.
    /// @param lockDays The lock period in days.
    /// @return id The order id.
    function _enter(uint256 amount, uint256 lockDays) private nonReentrant returns (uint256 id) {
        if (amount == 0) revert ZeroAmount();
        if (amount < minStakeAmount) revert BelowMinimum(amount, minStakeAmount);
        uint256 rate = _rateBps[lockDays];
        uint256 reward = amount * rate / BPS;
        uint256 available = availableRewards();
        if (reward > available) revert InsufficientRewardReserve(reward, available);

        id = nextOrderId;
        ++nextOrderId;
        uint32 lockTime = SafeCast.toUint32(lockDays * 1 days);
        bool perSecond = ACCRUAL == Accrual.PerSecond;
        uint64 ledgerIndex;
        if (perSecond && reward != 0) {
            rewardReserve -= reward;
            REWARD_TOKEN.safeTransfer(address(LEDGER), reward);
            ledgerIndex = SafeCast.toUint64(LEDGER.credit(msg.sender, reward, SafeCast.toUint64(block.timestamp), lockTime));
        }
        _orders[id] = Order({
            owner: msg.sender,
            stakingTime: SafeCast.toUint40(block.timestamp),
            lockTime: lockTime,
            unstaked: false,
            rateBps: SafeCast.toUint16(rate),
            amount: SafeCast.toUint128(amount),
            reward: SafeCast.toUint128(reward),
            releaseDuration: perSecond ? lockTime : SafeCast.toUint32(rewardReleaseDuration),
            ledgerIndex: ledgerIndex
        });
        _orderIds[msg.sender].push(id);
        totalStaked += amount;
        if (!perSecond) committedRewards += reward;
        STAKE_TOKEN.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(id, msg.sender, amount, lockDays, rate, reward);
    }

    /// @notice Credits a daily order's reward to the ledger; if the ledger refuses, keeps it pending.
    /// @param id The order id.
    /// @param owner_ The staker.
    /// @param reward The reward.
    /// @param duration The order's release duration.
    function _payReward(uint256 id, address owner_, uint256 reward, uint64 duration) private {
        try this.creditToLedger(owner_, reward, duration) {
            rewardReserve -= reward;
        } catch {
            _pendingRewards[id] = reward;
            totalPendingRewards += reward;
            committedRewards += reward;
            emit RewardPending(id, owner_, reward);
        }
    }

    /// @notice Revokes a per-second order's unreleased reward back to the reserve; if the ledger refuses,
    ///         the owner keeps it.
    /// @param id The order id.
    /// @param owner_ The staker.
    /// @param ledgerIndex The reward's ledger entry.
    /// @return back The ETRO returned to the reserve.
    function _revokeReward(uint256 id, address owner_, uint256 ledgerIndex) private returns (uint256 back) {
        try LEDGER.revoke(owner_, ledgerIndex) returns (uint256 unreleased) {
            back = unreleased;
            rewardReserve += back;
        } catch {
            emit RevokeRefused(id, owner_);
        }
    }

    /// @notice Whether `lockDays` is one of the eight lock periods.
    /// @param lockDays The period in days.
    /// @return True for 30, 60, 90, 120, 150, 180, 210 or 360.
    function _isLockPeriod(uint256 lockDays) private pure returns (bool) {
        uint16[8] memory periods = lockPeriods();
        for (uint256 i = 0; i < 8; ++i) {
            if (periods[i] == lockDays) return true;
        }
        return false;
    }
}
