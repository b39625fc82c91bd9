// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarm} from "../../src/EternoFarm.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random deposits, harvests, withdrawals and emergency withdrawals by a few farmers in the pools,
///         with blocks and time passing, and every owner power over the farm: allocation changes ({set},
///         {applyAllocation}, {cancelAllocation}), dummy pools with weights up to the maximum that the
///         owner stakes in itself (the review's L-4 "redirect the emission" move), and recoveries of
///         undistributed ETRO (some asking too much, some while the emission runs). Keeps a model of the
///         allocation in force and of the proposals: a change takes effect at once only while no LP is
///         staked, else only once its delay has passed; a refusal must be the one the model predicts.
///         Records the ETRO the farmers and the owner received and what the owner recovered.
contract EternoFarmHandler is Test {
    EternoFarm public immutable farm;
    IERC20 public immutable etro;
    address[] public farmers;

    address public immutable owner;
    address public constant TREASURY = address(0x7EA5);
    uint256 public constant MAX_DUMMY_POOLS = 2;
    /// @dev The most allocation points the farm lets one pool have.
    uint256 public constant MAX_ALLOC_POINT = 1_000_000;

    uint256 public ghostReceived;
    uint256 public ghostOwnerHarvested;
    uint256 public ghostRecovered;
    uint256 public deposits;
    uint256 public recoveries;
    uint256 public refusedRecoveries;
    uint256 public proposals;
    uint256 public applications;
    uint256 public dummyPools;

    /// @notice The allocation each pool should have in force, by the rules.
    mapping(uint256 pid => uint256 allocPoint) public modelAlloc;
    /// @notice The proposal each pool should have (eta 0 = none).
    mapping(uint256 pid => EternoFarm.PendingAllocation pending) private _modelPending;

    constructor(EternoFarm farm_, address[] memory farmers_) {
        farm = farm_;
        etro = farm_.ETRO();
        farmers = farmers_;
        owner = farm_.owner();
        for (uint256 pid = 0; pid < farm_.poolLength(); pid++) {
            (, modelAlloc[pid],,,) = farm_.poolInfo(pid);
        }
    }

    function farmerCount() external view returns (uint256) {
        return farmers.length;
    }

    function modelPending(uint256 pid) external view returns (uint256 allocPoint, uint256 eta) {
        EternoFarm.PendingAllocation memory p = _modelPending[pid];
        return (p.allocPoint, p.eta);
    }

    function deposit(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (IERC20 lp,,,,) = farm.poolInfo(pid);
        amount = bound(amount, 0, lp.balanceOf(farmer));
        _paid(farmer, pid, true, amount);
        deposits++;
    }

    function withdraw(uint256 farmerSeed, uint256 pidSeed, uint256 amount) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        (uint256 deposited,) = farm.userInfo(pid, farmer);
        _paid(farmer, pid, false, bound(amount, 0, deposited));
    }

    function emergencyWithdraw(uint256 farmerSeed, uint256 pidSeed) external {
        address farmer = farmers[farmerSeed % farmers.length];
        uint256 pid = pidSeed % farm.poolLength();
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        farm.emergencyWithdraw(pid);
        require(etro.balanceOf(farmer) == before, "emergency withdraw pays no reward");
    }

    /// @dev The owner recovers up to everything recoverableEtro() allows; while the emission runs, refused.
    function recover(uint256 amount) external {
        if (_running()) {
            _expectEmissionRunning(amount);
            return;
        }
        amount = bound(amount, 0, farm.recoverableEtro());
        uint256 before = etro.balanceOf(TREASURY);
        vm.prank(owner);
        farm.recoverUndistributed(TREASURY, amount);
        require(etro.balanceOf(TREASURY) - before == amount, "recovered what was asked");
        ghostRecovered += amount;
        if (amount != 0) recoveries++;
    }

    /// @dev The owner asks for more than recoverableEtro(): refused with the figures, nothing moves.
    function recoverTooMuch(uint256 excess) external {
        farm.massUpdatePools();
        uint256 available = farm.recoverableEtro();
        uint256 amount = available + bound(excess, 1, 1e24);
        if (_running()) {
            require(available == 0, "nothing is recoverable while the emission runs");
            _expectEmissionRunning(amount);
            return;
        }
        uint256 held = etro.balanceOf(address(farm));
        vm.prank(owner);
        try farm.recoverUndistributed(TREASURY, amount) {
            revert("recovered more than recoverable");
        } catch (bytes memory reason) {
            _requireReason(
                reason, abi.encodeWithSelector(EternoFarm.RecoverExceedsUndistributed.selector, amount, available)
            );
        }
        require(etro.balanceOf(address(farm)) == held, "nothing moved");
    }

    /// @dev The owner changes a pool's allocation (0 included): at once while nothing is staked, else proposed.
    function setAllocation(uint256 pidSeed, uint256 allocPoint) external {
        uint256 pid = pidSeed % farm.poolLength();
        allocPoint = bound(allocPoint, 0, 100);
        vm.prank(owner);
        try farm.set(pid, allocPoint) {
            _modelChange(pid, allocPoint);
        } catch (bytes memory reason) {
            require(!_anyStaked() && _leavesNothing(pid, allocPoint), "set refused without reason");
            _requireReason(reason, abi.encodeWithSelector(EternoFarm.NoAllocationLeft.selector));
        }
    }

    /// @dev The owner applies a pool's proposal: only once its delay has passed (or nothing is staked).
    function applyAllocation(uint256 pidSeed) external {
        uint256 pid = pidSeed % farm.poolLength();
        EternoFarm.PendingAllocation memory pending = _modelPending[pid];
        bool staked = _anyStaked();
        vm.prank(owner);
        try farm.applyAllocation(pid) {
            require(pending.eta != 0, "applied a proposal that does not exist");
            require(block.timestamp >= pending.eta || !staked, "applied before its delay while LP is staked");
            delete _modelPending[pid];
            modelAlloc[pid] = pending.allocPoint;
            applications++;
        } catch (bytes memory reason) {
            if (pending.eta == 0) {
                _requireReason(reason, abi.encodeWithSelector(EternoFarm.NoPendingAllocation.selector, pid));
            } else if (block.timestamp < pending.eta && staked) {
                _requireReason(reason, abi.encodeWithSelector(EternoFarm.AllocationNotReady.selector, pid, pending.eta));
            } else {
                require(_leavesNothing(pid, pending.allocPoint), "apply refused without reason");
                _requireReason(reason, abi.encodeWithSelector(EternoFarm.NoAllocationLeft.selector));
            }
        }
    }

    /// @dev The owner withdraws a pool's proposal.
    function cancelAllocation(uint256 pidSeed) external {
        uint256 pid = pidSeed % farm.poolLength();
        bool exists = _modelPending[pid].eta != 0;
        vm.prank(owner);
        try farm.cancelAllocation(pid) {
            require(exists, "cancelled a proposal that does not exist");
            delete _modelPending[pid];
        } catch (bytes memory reason) {
            require(!exists, "cancel refused");
            _requireReason(reason, abi.encodeWithSelector(EternoFarm.NoPendingAllocation.selector, pid));
        }
    }

    /// @dev The owner adds a pool of its own LP token with up to the maximum weight (the "dummy pool").
    function addDummyPool(uint256 allocPoint) external {
        if (dummyPools == MAX_DUMMY_POOLS) return;
        allocPoint = bound(allocPoint, 0, MAX_ALLOC_POINT);
        EternoToken dummy = new EternoToken("Dummy LP", "DLP", 1_000_000e18, owner);
        vm.prank(owner);
        dummy.approve(address(farm), type(uint256).max);
        vm.prank(owner);
        uint256 pid = farm.add(allocPoint, dummy);
        dummyPools++;
        modelAlloc[pid] = 0;
        if (allocPoint != 0) _modelChange(pid, allocPoint);
    }

    /// @dev The owner stakes (or harvests, amount 0) in one of its dummy pools.
    function ownerStake(uint256 pidSeed, uint256 amount) external {
        if (dummyPools == 0) return;
        uint256 pid = 2 + pidSeed % dummyPools;
        (IERC20 lp,,,,) = farm.poolInfo(pid);
        amount = bound(amount, 0, lp.balanceOf(owner));
        uint256 pending = farm.pendingEtro(pid, owner);
        uint256 before = etro.balanceOf(owner);
        vm.prank(owner);
        farm.deposit(pid, amount);
        uint256 received = etro.balanceOf(owner) - before;
        require(received == pending, "owner paid its pending figure");
        ghostOwnerHarvested += received;
    }

    function roll(uint256 blocks) external {
        blocks = bound(blocks, 1, 1500);
        vm.roll(block.number + blocks);
        vm.warp(block.timestamp + blocks * 3);
    }

    /// @dev Time passes without blocks of note (a proposal's delay is in seconds).
    function wait(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1 hours, 3 days));
        vm.roll(block.number + 1);
    }

    /// @dev The model of {set}/{add}: applied at once while nothing is staked, else proposed.
    function _modelChange(uint256 pid, uint256 allocPoint) private {
        if (!_anyStaked()) {
            modelAlloc[pid] = allocPoint;
            delete _modelPending[pid];
        } else {
            _modelPending[pid] = EternoFarm.PendingAllocation({allocPoint: allocPoint, eta: block.timestamp + 2 days});
            proposals++;
        }
    }

    function _anyStaked() private view returns (bool) {
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            (,,,, uint256 lpSupply) = farm.poolInfo(pid);
            if (lpSupply != 0) return true;
        }
        return false;
    }

    /// @dev Whether giving pool `pid` `allocPoint` would leave the running emission with no allocation.
    function _leavesNothing(uint256 pid, uint256 allocPoint) private view returns (bool) {
        (, uint256 current,,,) = farm.poolInfo(pid);
        return _running() && farm.totalAllocPoint() - current + allocPoint == 0;
    }

    function _running() private view returns (bool) {
        return farm.startBlock() != 0 && block.number < farm.endBlock();
    }

    function _expectEmissionRunning(uint256 amount) private {
        uint256 held = etro.balanceOf(address(farm));
        vm.prank(owner);
        try farm.recoverUndistributed(TREASURY, amount) {
            revert("recovered while the emission runs");
        } catch (bytes memory reason) {
            _requireReason(reason, abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, farm.endBlock()));
        }
        require(etro.balanceOf(address(farm)) == held, "nothing moved");
        refusedRecoveries++;
    }

    function _requireReason(bytes memory reason, bytes memory expected) private pure {
        require(keccak256(reason) == keccak256(expected), "refused with another reason");
    }

    /// @dev Deposits or withdraws `amount` (0 harvests) and checks the payout is the pending figure.
    function _paid(address farmer, uint256 pid, bool isDeposit, uint256 amount) private {
        uint256 pending = farm.pendingEtro(pid, farmer);
        uint256 before = etro.balanceOf(farmer);
        vm.prank(farmer);
        if (isDeposit) farm.deposit(pid, amount);
        else farm.withdraw(pid, amount);
        uint256 received = etro.balanceOf(farmer) - before;
        require(received == pending, "paid the pending figure");
        ghostReceived += received;
    }
}
